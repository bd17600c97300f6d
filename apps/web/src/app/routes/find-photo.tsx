// find/photo: search the catalogue by a picture (docs/product.md §14.2).
import { FindPhotoPage } from '../../features/find-photo/components/find-photo-page.tsx';

export function Component() {
  return <FindPhotoPage />;
}
