import { InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A keyboard-reachable ⓘ with a tooltip: the explanation of a column header or a figure. A table that
 * scrolls sideways copies its column titles into a hidden measuring row; the copy there must not be a
 * tab stop (an invisible focus, and axe's aria-hidden-focus), so it gives up its tabindex.
 */
export function InfoHint({ hint, label }: { hint: ReactNode; label?: string }) {
  return (
    <Tooltip title={hint}>
      <InfoCircleOutlined
        aria-label={label ?? (typeof hint === 'string' ? hint : 'Keterangan')}
        tabIndex={0}
        ref={leaveMeasureRowTabOrder}
      />
    </Tooltip>
  );
}

function leaveMeasureRowTabOrder(element: HTMLSpanElement | null): void {
  if (element?.closest('.ant-table-measure-row')) element.tabIndex = -1;
}
