import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#shared/schemas/entities.ts';
import { Address } from '#web/components/ui/address.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { FollowButton } from './follow-button.tsx';

/** What a profile shows of a user or of the signed-in account. */
export type ProfileUser = Pick<
  User,
  | 'id'
  | 'username'
  | 'avatar'
  | 'banner'
  | 'bio'
  | 'isCreator'
  | 'followersCount'
  | 'followingCount'
  | 'createdAt'
> & { addresses: readonly string[] };

/** Banner, avatar, name, first address, follows; a follow button on someone else's. */
export function ProfileHead({ user, self }: { user: ProfileUser; self: boolean }) {
  const { t } = useTranslation(['market', 'pages', 'common']);
  const address = user.addresses[0];
  const language = currentLanguage();
  return (
    <>
      <Img
        src={user.banner}
        alt={t('pages:profile.banner')}
        ratio="4 / 1"
        priority
        className="hero-banner"
        width={960}
      />
      <div className="page-head">
        <div className="user-chip">
          <Img
            src={user.avatar}
            alt={t('common:account.avatarAlt', { name: user.username })}
            className="avatar"
            width={240}
          />
          <div>
            <h1>{user.username}</h1>
            <p className="muted">
              {user.isCreator ? <span className="badge">{t('user.creator')}</span> : null}{' '}
              {t('user.joined', { date: formatDate(user.createdAt, language) })}
            </p>
            {address ? <Address address={address} /> : null}
          </div>
        </div>
        {!self ? <FollowButton user={user} /> : null}
      </div>
      {user.bio ? <p>{user.bio}</p> : null}
      <p className="muted">
        {self ? `${t('common:social.followers', { count: user.followersCount })} · ` : ''}
        {t('user.following')}: {user.followingCount}
      </p>
      {self ? (
        <p>
          <Link to={paths.changePassword.build({})}>{t('pages:profile.changePassword')}</Link>
        </p>
      ) : null}
    </>
  );
}
