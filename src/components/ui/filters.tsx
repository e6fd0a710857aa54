import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_SORTS, type ListSort } from '#shared/enums.ts';
import { CATEGORY_SLUGS, type CategorySlug } from '#web/config/catalogue.ts';

/** The 17 categories, plus "all". */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: CategorySlug | undefined;
  onChange: (value: CategorySlug | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{t('filter.category')}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as CategorySlug | undefined)}
      >
        <option value="">{t('filter.allCategories')}</option>
        {CATEGORY_SLUGS.map((slug) => (
          <option key={slug} value={slug}>
            {t(`category.${slug}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The list orders: newest, likes, bids, price high→low, price low→high. */
export function SortSelect({
  value,
  onChange,
  options = LIST_SORTS,
}: {
  value: ListSort;
  onChange: (value: ListSort) => void;
  /** Bundles have no bids: their list offers the other four. */
  options?: readonly ListSort[];
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{t('filter.sort')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as ListSort)}>
        {options.map((sort) => (
          <option key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
