/** The support contact form: POST /api/v1/notification/qa-email. */
import type { QaEmailBody } from '#shared/schemas/support.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';

export const SUPPORT_FIELDS = [
  'name',
  'phone',
  'email',
  'address',
  'country',
  'city',
  'district',
  'ward',
  'detail',
] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];
export type SupportMessage = Record<SupportField, string>;

/** Optional fields are sent only when filled (server: QaEmailBody). */
function toQaEmailBody(m: SupportMessage): QaEmailBody {
  const body: QaEmailBody = { name: m.name, email: m.email, detail: m.detail };
  for (const key of ['phone', 'address', 'country', 'city', 'district', 'ward'] as const) {
    if (m[key]) body[key] = m[key];
  }
  return body;
}

export function sendSupportMessage(message: SupportMessage) {
  return api.post<DataBody<unknown>>('/api/v1/notification/qa-email', toQaEmailBody(message), {
    auth: false,
  });
}
