import type { AppContext } from '../app-context';

/** One instance per app context, made on first use (services that areas share without a field on the context). */
export function perContext<T>(create: (context: AppContext) => T): (context: AppContext) => T {
  const instances = new WeakMap<AppContext, T>();
  return (context) => {
    let instance = instances.get(context);
    if (instance === undefined) {
      instance = create(context);
      instances.set(context, instance);
    }
    return instance;
  };
}
