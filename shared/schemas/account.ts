/** Request bodies of the account calls, shared with the web app as types. */
import Type, { type Static } from 'typebox';
import { Address } from './common.ts';

const Required = (max: number) => Type.String({ minLength: 1, maxLength: max });

export const SignUpBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  email: Type.String({ minLength: 1, maxLength: 254, format: 'email' }),
  password: Required(200),
  confirmPassword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SignUpBody = Static<typeof SignUpBody>;

export const SignInBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254, description: 'username or e-mail' }),
  password: Required(200),
});
export type SignInBody = Static<typeof SignInBody>;

export const ResendEmailBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, format: 'email' }),
});
export type ResendEmailBody = Static<typeof ResendEmailBody>;

/** Sign-out ends the caller's own session: it takes no fields (none is needed, any is ignored). */
export const SignOutBody = Type.Union([Type.Null(), Type.Object({})]);

export const ChangePasswordBody = Type.Object({
  currentPassword: Required(200),
  newPassword: Required(200),
  confirmPassword: Required(200),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const UpdateInfoBody = Type.Object({
  username: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  ),
  bio: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type UpdateInfoBody = Static<typeof UpdateInfoBody>;

export const SiweMessageQuery = Type.Object({
  address: Address,
  chainId: Type.Integer({ minimum: 1 }),
});
export type SiweMessageQuery = Static<typeof SiweMessageQuery>;

export const SiweMessage = Type.Object({
  message: Type.String({ description: 'EIP-4361 text to sign with personal_sign' }),
  nonce: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type SiweMessage = Static<typeof SiweMessage>;

export const SiweSignInBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' }),
});
export type SiweSignInBody = Static<typeof SiweSignInBody>;

export const BcAddressQuery = Type.Object({ bc_address: Type.String({ minLength: 1 }) });
/**
 * change-password's answer: a fresh session token for the caller, since the change ends every
 * session signed before it (this one included).
 */
export const ChangePasswordAnswer = Type.Object({
  data: Type.Boolean(),
  token: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type ChangePasswordAnswer = Static<typeof ChangePasswordAnswer>;

/**
 * Linking an address needs proof of control: an EIP-4361 message from GET sign-in/message for
 * that address, signed by it (its nonce is used up by the link).
 */
export const AddBcAddressBody = Type.Object({
  new_bc_address: Type.String({ minLength: 1 }),
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' }),
});
export type AddBcAddressBody = Static<typeof AddBcAddressBody>;
