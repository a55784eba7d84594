import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/feedback';
import { CHANNELS_QUERY_KEY } from '../../api/resources/channel';

/**
 * A channel change: on success it says `success(result)` (when given) and refreshes every channel
 * query. Failures are already shown by the HTTP client.
 */
export function useChannelMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  success?: (result: Result, variables: Variables) => string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      if (success) toast.success(success(result, variables));
      await client.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });
    },
  });
}
