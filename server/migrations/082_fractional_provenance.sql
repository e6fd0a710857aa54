-- Provenance of fractional items (docs/decisions/119-fractional-server-side.md): the NFT went
-- into a vault (FRACTIONALIZE), shares were bought in its sale or from a listing (SHARE_BUY), it
-- was bought out (BUYOUT: the winner took it) or redeemed by a holder of every share (REDEEM).
alter table activities drop constraint if exists activities_type_check;
alter table activities add constraint activities_type_check check (type in ('MINT', 'LIST',
  'TRANSFER', 'BUY', 'REVOKE', 'BID', 'PURCHASE', 'LIKE', 'FRACTIONALIZE', 'SHARE_BUY', 'BUYOUT',
  'REDEEM'));
