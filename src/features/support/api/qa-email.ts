/** spec §2/§7: the support contact form, POST /api/v1/notification/qa-email. */
import { api, type DataBody } from '../../../lib/api-client.ts';

export const SUPPORT_FIELDS = [
  'name',
  'phone',
  'email',
  'address',
  'country',
  'city',
  'district',
  'ward',
  'problem',
] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];
export type SupportMessage = Record<SupportField, string>;

export function sendSupportMessage(body: SupportMessage) {
  return api.post<DataBody<unknown>>('/api/v1/notification/qa-email', body);
}
