import type { ReactNode } from 'react';

/**
 * A table in a horizontally scrolling wrapper; the wrapper is focusable (a named region) so a
 * keyboard user can scroll it at 360 px (axe scrollable-region-focusable).
 */
export function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section className="table-wrap" tabIndex={0} aria-label={head.join(', ')}>
      <table className="table">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
