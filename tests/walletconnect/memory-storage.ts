/**
 * The key-value storage a WalletConnect client keeps its pairings, keys and sessions in, held in
 * memory: the SDK's Node default writes files in the working folder. Passing the same instance to
 * a new client is a restarted app that kept its data.
 */
export class MemoryStorage {
  private readonly items = new Map<string, unknown>();

  async getKeys(): Promise<string[]> {
    return [...this.items.keys()];
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.items.entries()] as [string, T][];
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return structuredClone(this.items.get(key)) as T | undefined;
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.items.set(key, structuredClone(value));
  }

  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }
}
