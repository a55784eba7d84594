import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from './feedback';

/** A change to a listed row: says `success(variables)` and refreshes the queries under `queryKey`. */
export function useListMutation<Variables, Result>(
  queryKey: readonly unknown[],
  mutationFn: (variables: Variables) => Promise<Result>,
  success: (variables: Variables) => string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (_result, variables) => {
      toast.success(success(variables));
      await client.invalidateQueries({ queryKey });
    },
  });
}
