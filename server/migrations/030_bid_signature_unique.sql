-- 030_bid_signature_unique: a signed bid is stored once. The outbox of the web app (a bid signed
-- offline, sent by Background Sync or on the next open) may send the same signed message again
-- after a lost answer; the server answers the stored bid (server/src/services/bids.ts), and this
-- index makes a second row impossible even for two resends at the same moment.
create unique index bids_signature_key on bids (signature);
