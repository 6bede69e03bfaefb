// One page of the document being indexed, as the server draws it (`GET files?action=render`: TIFF
// and PDF pages as PNG). A page the server cannot draw shows a short note instead of a broken image.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageImageProps {
  src: string;
  alt: string;
  className?: string;
  /** thumbnails load as they scroll into view */
  lazy?: boolean;
}

export function PageImage({ src, alt, className, lazy }: PageImageProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src)
    return (
      <div className={`page-image page-image--failed ${className ?? ''}`} role="img" aria-label={alt}>
        <span>{t('indexing.pages.imageError')}</span>
      </div>
    );
  return (
    <img
      className={`page-image ${className ?? ''}`}
      src={src}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
