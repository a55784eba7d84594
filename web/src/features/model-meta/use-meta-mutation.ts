import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/feedback';
import { MODEL_META_QUERY_KEY } from '../../api/resources/model-meta';

/** A metadata change: says `success` and refreshes every metadata query; failures are shown by the HTTP client. */
export function useMetaMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  success: string,
  onDone?: () => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      toast.success(success);
      onDone?.();
      await client.invalidateQueries({ queryKey: MODEL_META_QUERY_KEY });
    },
  });
}
