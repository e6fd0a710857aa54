/** UI state shared across the shell (valtio): the wallet sidebar (wired by the wallets issue). */
import { proxy } from 'valtio';

export const ui = proxy({ walletOpen: false });

export const uiActions = {
  OPEN_WALLET(): void {
    ui.walletOpen = true;
  },
  CLOSE_WALLET(): void {
    ui.walletOpen = false;
  },
};
