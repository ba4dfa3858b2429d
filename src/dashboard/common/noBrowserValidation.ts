// The browser's own validation bubbles speak the browser's language and cover our translated
// field messages (issue 13): every form of the dashboard is marked novalidate as it appears, and
// the shared schemas (client and server) do the checking.
export function disableBrowserValidation(root: HTMLElement): () => void {
  const mark = (node: ParentNode) => {
    if (node instanceof HTMLFormElement) node.noValidate = true;
    node.querySelectorAll?.('form').forEach((form) => {
      form.noValidate = true;
    });
  };
  mark(root);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      mutation.addedNodes.forEach((node) => {
        if (node instanceof HTMLElement) mark(node);
      });
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
