// Forms appear without the browser's own (English) validation bubbles.
import { describe, expect, it } from 'vitest';
import { disableBrowserValidation } from '../../../src/dashboard/common/noBrowserValidation';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('disableBrowserValidation', () => {
  it('marks forms present and forms added later as novalidate', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form id="a"><input type="email" required></form>';
    document.body.append(root);
    const stop = disableBrowserValidation(root);
    expect((root.querySelector('#a') as HTMLFormElement).noValidate).toBe(true);

    const wrapper = document.createElement('section');
    wrapper.innerHTML = '<form id="b"><input type="url"></form>';
    root.append(wrapper);
    await tick();
    expect((root.querySelector('#b') as HTMLFormElement).noValidate).toBe(true);
    stop();
  });
});
