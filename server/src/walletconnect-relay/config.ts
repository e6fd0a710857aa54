/**
 * The relay process's configuration (biome.json's noProcessEnv allows this module): ./process.ts
 * writes the settings into the child's environment with relayChildEnv, ./main.ts reads them back
 * with readRelaySettings, so the variable names live in this one file.
 */

export interface RelaySettings {
  port: number;
  host: string;
  audiences: string[];
}

/** The settings ./main.ts listens with: WC_RELAY_PORT (0 = any), WC_RELAY_HOST, WC_RELAY_AUDIENCES. */
export function readRelaySettings(): RelaySettings {
  return {
    port: Number(process.env.WC_RELAY_PORT ?? 0),
    host: process.env.WC_RELAY_HOST || '127.0.0.1',
    audiences: (process.env.WC_RELAY_AUDIENCES ?? '').split(',').filter(Boolean),
  };
}

/** This process's environment plus the relay's settings, for the child ./process.ts starts. */
export function relayChildEnv(settings: RelaySettings): Record<string, string | undefined> {
  return {
    ...process.env,
    WC_RELAY_PORT: String(settings.port),
    WC_RELAY_HOST: settings.host,
    WC_RELAY_AUDIENCES: settings.audiences.join(','),
  };
}
