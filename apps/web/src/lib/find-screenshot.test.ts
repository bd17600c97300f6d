import { describe, expect, it } from 'vitest';
import { requestWithPhotoPath, screenshotId, screenshotUrl } from './find-screenshot.ts';

const ID = '0123456789abcdef0123456789abcdef';

describe('the stored picture of a find request', () => {
  it('goes from its address to the form link and back', () => {
    expect(screenshotId(`/media/find/${ID}.jpg`)).toBe(ID);
    expect(requestWithPhotoPath(`/media/find/${ID}.jpg`)).toBe(`/find/poizon?photo=${ID}`);
    expect(screenshotUrl(ID)).toBe(`/media/find/${ID}.jpg`);
  });

  it('never makes an address out of anything else in `?photo=`', () => {
    for (const bad of ['1', '', null, `${ID}0`, ID.toUpperCase(), '../../etc/passwd', `${ID.slice(1)}/`])
      expect(screenshotUrl(bad)).toBeNull();
    expect(screenshotId('https://evil.example/a.jpg')).toBeNull();
    expect(requestWithPhotoPath('https://evil.example/a.jpg')).toBe('/find/poizon?photo=1');
  });
});
