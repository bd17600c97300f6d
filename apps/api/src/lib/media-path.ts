// What a shop picture path looks like: `media/<dir>/…/<name>.<ext>`, no dot-segments, no hidden
// names. The image server serves only such paths and the importer accepts only such paths, so
// every path a catalogue stores can be served.
const MEDIA_PATH = /^media\/([A-Za-z0-9._-]+\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.[A-Za-z0-9]+$/;

/** True for a shop picture path relative to the site root (`media/…`, without the leading slash). */
export function isMediaPath(relative: string): boolean {
  return MEDIA_PATH.test(relative) && !relative.includes('..');
}
