import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';

const form = {
  name: 'Nguyễn Văn A',
  phone: '+84 912 345 678',
  email: 'customer@example.test',
  address: '1 Lê Lợi',
  country: 'Vietnam',
  city: 'Hồ Chí Minh',
  district: 'Quận 1',
  ward: 'Bến Nghé',
  detail: 'My NFT did not arrive after purchase.\nPlease help.',
};

describeBackends(
  'notification/qa-email',
  (t) => {
    it('stores the support form and e-mails it to support, reply-to the sender', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notification/qa-email',
        payload: form,
      });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ data: true });
      const mail = await t.smtp!.waitFor((m) => m.to.includes(t.config.supportEmail));
      expect(mail.subject).toMatch(/^\[Support #\d+\] Nguyễn Văn A$/);
      expect(mail.headers['reply-to']).toContain('customer@example.test');
      expect(mail.text).toContain('My NFT did not arrive after purchase.');
      expect(mail.text).toContain('Bến Nghé, Quận 1, Hồ Chí Minh, Vietnam');
      const stored = await t.db.selectFrom('support_messages').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.mailed_at).toBeInstanceOf(Date);
    });

    it.each([
      [{ ...form, email: 'nope' }, 'INVALID_EMAIL', 'body.email'],
      [{ ...form, detail: '' }, 'REQUIRED_FIELD', 'body.detail'],
      [{ ...form, name: undefined }, 'REQUIRED_FIELD', 'body.name'],
      [{ ...form, phone: 'call me' }, 'VALIDATION_FAILED', 'body.phone'],
    ])('refuses %j with %s', async (payload, code, field) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notification/qa-email',
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code, field });
    });
  },
  { backends: ROUTE_BACKENDS, smtp: true },
);

describe('mail without SMTP_URL', () => {
  it('writes the mail to DATA_DIR/outbox', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notification/qa-email',
        payload: form,
      });
      expect(res.statusCode).toBe(200);
      const outbox = path.join(t.dataDir, 'outbox');
      const files = await readdir(outbox);
      expect(files).toHaveLength(1);
      const raw = await readFile(path.join(outbox, files[0]!), 'utf8');
      expect(raw).toMatch(/^To: support@vbchain\.local$/m);
    } finally {
      await t.close();
    }
  });
});
