import { useQuery } from '@tanstack/react-query';
import type { Activity } from '#shared/schemas/entities.ts';
import { api, type ListBody } from '#web/lib/api-client.ts';
import { userKeys } from './user.ts';

/** Activity that involves an address (from or to), newest first. */
export const useAddressActivity = (address: string) =>
  useQuery({
    queryKey: [...userKeys.all, 'activity', address] as const,
    queryFn: ({ signal }) =>
      api.get<ListBody<Activity>>('/api/v2/activity', {
        query: { address, page: 1, size: 20 },
        signal,
      }),
  });
