/** The support form (name, phone, email, address, country, city, district, ward, detail). */
import Type, { type Static } from 'typebox';

const Text = (max: number) => Type.String({ maxLength: max });

export const QaEmailBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  phone: Type.Optional(Type.String({ maxLength: 40, pattern: '^[0-9+()\\-. ]*$' })),
  email: Type.String({ minLength: 1, maxLength: 254, format: 'email' }),
  address: Type.Optional(Text(300)),
  country: Type.Optional(Text(100)),
  city: Type.Optional(Text(100)),
  district: Type.Optional(Text(100)),
  ward: Type.Optional(Text(100)),
  detail: Type.String({ minLength: 1, maxLength: 5000 }),
});
export type QaEmailBody = Static<typeof QaEmailBody>;
