import { useState } from 'react';

/** The HTTP client has already shown why a call failed: nothing more to say. */
const alreadyShown = () => undefined;

/**
 * A busy flag and `attempt(work)`, which raises it while the work runs. A failure goes to `onFailure`,
 * by default nowhere (the HTTP client has shown why).
 */
export function useBusyAttempt() {
  const [busy, setBusy] = useState(false);
  const attempt = async (work: () => Promise<unknown>, onFailure: (error: unknown) => void = alreadyShown) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, attempt };
}
