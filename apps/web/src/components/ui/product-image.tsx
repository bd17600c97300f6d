// A product picture through the image helper of docs/product.md §9, or "Нет фото" when there is none.
import { useState, type ImgHTMLAttributes } from 'react';
import { imageUrl, type ImageSize } from '../../lib/image-url.ts';
import './product-image.css';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  size: ImageSize;
  alt: string;
};

function safeUrl(src: string | null | undefined, size: ImageSize): string | null {
  if (!src) return null;
  try {
    return imageUrl(src, size);
  } catch (error) {
    console.warn('Product image has no usable URL', src, error);
    return null;
  }
}

export function ProductImage({ src, size, alt, className, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  const url = safeUrl(src, size);
  if (!url || failed) {
    return (
      <div
        className={`product-image product-image--missing${className ? ` ${className}` : ''}`}
        role="img"
        aria-label={alt}
      >
        Нет фото
      </div>
    );
  }
  return (
    <img
      {...rest}
      className={`product-image${className ? ` ${className}` : ''}`}
      src={url}
      alt={alt}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
