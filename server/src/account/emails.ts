/** The texts of the mails the account host sends (English; links point at the web app). */

export function verificationMail(
  publicUrl: string,
  userId: number,
  token: string,
  username: string,
) {
  const link = `${publicUrl}/account/verify-email/${userId}/${token}`;
  return {
    subject: 'Verify your e-mail for the VBChain NFT marketplace',
    text: [
      `Hello ${username},`,
      '',
      'Open this link to verify your e-mail address:',
      link,
      '',
      'The link works once and expires in 24 hours.',
      'If you did not sign up, ignore this mail.',
    ].join('\n'),
    link,
  };
}

/**
 * Sent instead of a verification link when sign-up names an address that already has an account:
 * the answer on the page is the same either way, so only the address's owner learns it is taken.
 */
export function alreadyRegisteredMail(publicUrl: string, username: string) {
  return {
    subject: 'You already have an account on the VBChain NFT marketplace',
    text: [
      `Hello ${username},`,
      '',
      'Someone, maybe you, tried to sign up with this e-mail address, which already has an account.',
      `Sign in as ${username} here:`,
      `${publicUrl}/sign-in`,
      '',
      'If it was not you, ignore this mail: nothing changed.',
    ].join('\n'),
  };
}
