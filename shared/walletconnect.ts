/**
 * The project id the server gives for the WalletConnect relay of this machine (no WalletConnect
 * Cloud project). A module of its own, without TypeBox: the page's WalletConnect chunk imports it.
 */
export const LOCAL_PROJECT_ID = 'local';
