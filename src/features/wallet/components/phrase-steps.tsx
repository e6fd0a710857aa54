import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';

/** The new phrase, in order, to write down. */
export function PhraseView({ phrase, onNext }: { phrase: string; onNext: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <section aria-labelledby="phrase-title">
      <h2 id="phrase-title">{t('create.phraseTitle')}</h2>
      <p>{t('create.phraseHint')}</p>
      <ol className="phrase" data-testid="secret-phrase">
        {phrase.split(' ').map((word, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word's place is its identity
          <li key={i}>{word}</li>
        ))}
      </ol>
      <Button onClick={onNext}>{t('create.next')}</Button>
    </section>
  );
}

/** Three distinct word positions (1-based) chosen at random. */
function pickPositions(count: number): number[] {
  const picks = new Set<number>();
  const random = new Uint32Array(16);
  crypto.getRandomValues(random);
  for (const r of random) {
    if (picks.size === 3) break;
    picks.add((r % count) + 1);
  }
  return [...picks].sort((a, b) => a - b);
}

/** The user proves the phrase: three of its words, by position. */
export function PhraseConfirm({
  phrase,
  onConfirmed,
  onBack,
}: {
  phrase: string;
  onConfirmed: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const words = phrase.split(' ');
  const positions = useMemo(() => pickPositions(words.length), [words.length]);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, ErrorKey | undefined>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<number, ErrorKey | undefined> = {};
    for (const n of positions) {
      const value = (typed[n] ?? '').trim().toLowerCase();
      next[n] = !value ? 'require' : value !== words[n - 1] ? 'invalid' : undefined;
    }
    setErrors(next);
    if (positions.every((n) => !next[n])) onConfirmed();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t('create.confirmTitle')}</h2>
      {positions.map((n) => (
        <TextField
          key={n}
          label={t('create.word', { n })}
          autoComplete="off"
          autoCapitalize="none"
          value={typed[n] ?? ''}
          onChange={(e) => setTyped({ ...typed, [n]: e.target.value })}
          error={errors[n]}
          required
        />
      ))}
      <Button variant="secondary" onClick={onBack}>
        {t('create.back')}
      </Button>
      <Button type="submit">{t('create.next')}</Button>
    </form>
  );
}
