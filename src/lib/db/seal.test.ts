import { describe, expect, it } from 'vitest';
import { newDeviceKey, seal, unseal } from './seal.ts';

describe('seal / unseal', () => {
  it('round-trips a value and never stores it in clear', async () => {
    const key = await newDeviceKey();
    const value = { account: { isSignedIn: true, data: { token: 'secret-token' } } };
    const sealed = await seal(value, key);
    expect(new TextDecoder().decode(sealed.data)).not.toContain('secret-token');
    await expect(unseal(sealed, key)).resolves.toEqual(value);
  });

  it('refuses another key and altered data', async () => {
    const [a, b] = await Promise.all([newDeviceKey(), newDeviceKey()]);
    const sealed = await seal({ x: 1 }, a);
    await expect(unseal(sealed, b)).rejects.toThrow();
    const bytes = new Uint8Array(sealed.data.slice(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await expect(unseal({ iv: sealed.iv, data: bytes.buffer }, a)).rejects.toThrow();
  });

  it('uses a fresh iv each time', async () => {
    const key = await newDeviceKey();
    const [x, y] = await Promise.all([seal('same', key), seal('same', key)]);
    expect(Array.from(x.iv)).not.toEqual(Array.from(y.iv));
  });
});
