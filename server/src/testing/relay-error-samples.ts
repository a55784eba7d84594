import { RelayError } from '../relay/relay-error';

/** An upstream overload that ends a stream midway (529, overloaded_error; English text `Overloaded`). */
export const overloadedMidway = () =>
  new RelayError({ zh: '上游过载', en: 'Overloaded' }, 529, 'overloaded_error', 'upstream_error');

/** A refused key (401, invalid_api_key, authentication_error; English text `Invalid token`). */
export const invalidToken = () =>
  new RelayError({ zh: '令牌无效', en: 'Invalid token' }, 401, 'invalid_api_key', 'authentication_error');
