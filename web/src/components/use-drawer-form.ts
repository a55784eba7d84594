import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from './feedback';

export interface DrawerFormOptions<Values, Result, Problem> {
  open: boolean;
  /** The values the drawer opens with; read again each time it opens or `record` changes. */
  initial: () => Values;
  record: unknown;
  /** The first rule the values break, or null; its text is shown and nothing is sent. */
  check: (values: Values) => Problem | null;
  problemText: (problem: Problem) => string;
  save: (values: Values) => Promise<Result>;
  /** The queries a save refreshes. */
  invalidate: readonly unknown[];
  /** After the save and the refresh: say so and close. */
  onSaved: (result: Result) => void;
}

/** The values of a drawer's form, checked before they are saved, and the save. */
export function useDrawerForm<Values, Result, Problem>(options: DrawerFormOptions<Values, Result, Problem>) {
  const { open, initial, record, check, problemText, save, invalidate, onSaved } = options;
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(initial);

  useEffect(() => {
    if (open) setValues(initial());
    // `initial` is a new function each render; opening and the record are what reset the form.
  }, [open, record]);

  const change = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: invalidate });
      onSaved(result);
    },
  });

  const submit = () => {
    const problem = check(values);
    if (problem) {
      toast.error(problemText(problem));
      return;
    }
    mutation.mutate(values);
  };

  return { values, change, submit, submitting: mutation.isPending };
}
