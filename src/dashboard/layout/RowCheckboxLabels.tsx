// react-admin's Datagrid puts "select this row" as aria-label on the checkbox's outer span, where
// ARIA does not allow it, and leaves the input itself without a name (axe: aria-prohibited-attr,
// label). Until react-admin passes it to the input, this moves the label where it belongs, for
// every list at once (issue 13, part 8).
import { useEffect } from 'react';

const SELECTOR = '.select-item[aria-label], .select-all[aria-label]';

function relabel(root: ParentNode) {
  for (const wrapper of Array.from(root.querySelectorAll(SELECTOR))) {
    const input = wrapper.querySelector('input');
    const label = wrapper.getAttribute('aria-label');
    if (!input || !label) continue;
    input.setAttribute('aria-label', label);
    wrapper.removeAttribute('aria-label');
  }
}

export function RowCheckboxLabels() {
  useEffect(() => {
    relabel(document);
    const observer = new MutationObserver(() => relabel(document));
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, []);
  return null;
}
