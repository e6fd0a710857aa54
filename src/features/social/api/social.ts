/** spec §7 user/like and user/follow (payloads chosen with the server: see server routes). */
import { api, type DataBody } from '#web/lib/api-client.ts';

export type LikeTarget = 'nft' | 'collection' | 'set' | 'bundle';

export const socialKeys = {
  all: ['social'] as const,
  followers: (userId: string) => [...socialKeys.all, 'followers', userId] as const,
  following: (userId: string) => [...socialKeys.all, 'following', userId] as const,
};

export function setLike(body: { target: LikeTarget; id: number; address: string; like: boolean }) {
  return api.post<DataBody<{ liked: boolean; likeCount: number }>>('/api/v2/user/like', body);
}

export function setFollow(body: { userId: number; follow: boolean }) {
  return api.post<DataBody<{ following: boolean; followersCount: number }>>(
    '/api/v2/user/follow',
    body,
  );
}
