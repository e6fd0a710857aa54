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
