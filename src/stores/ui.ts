/** UI state shared across the shell (valtio): whether the wallet sidebar is open. */
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
