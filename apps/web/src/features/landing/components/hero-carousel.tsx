import { LIMITS } from '@koma/shared/constants';
import { Carousel } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

interface Slide {
  title: string;
  text: string;
}

const gradients = [
  'linear-gradient(135deg, #1d2b7a 0%, #2f54eb 55%, #5b6ee1 100%)',
  'linear-gradient(135deg, #3b1d5e 0%, #7a2e8e 50%, #c0417a 100%)',
  'linear-gradient(135deg, #0f3b4c 0%, #146c78 50%, #2a8f6e 100%)',
];

/** Decorative manga panels drawn with CSS (no external images). */
function Panels() {
  const panel = (style: CSSProperties) => (
    <div
      style={{
        position: 'absolute',
        border: '3px solid rgba(255,255,255,0.35)',
        borderRadius: 6,
        background: 'rgba(255,255,255,0.06)',
        ...style,
      }}
    />
  );
  return (
    <div aria-hidden="true" style={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
      {panel({ right: '6%', top: '12%', width: '22%', height: '46%' })}
      {panel({ right: '30%', top: '12%', width: '14%', height: '22%' })}
      {panel({ right: '30%', top: '36%', width: '14%', height: '22%' })}
      {panel({ right: '6%', top: '62%', width: '38%', height: '24%' })}
    </div>
  );
}

/** Landing carousel: 5000 ms interval, 600 px high. */
export function HeroCarousel() {
  const { t } = useTranslation();
  const slides = t('landing.slides', { returnObjects: true }) as unknown as Slide[];
  return (
    <section aria-label={t('landing.carouselLabel')}>
      <Carousel autoplay autoplaySpeed={LIMITS.carouselIntervalMs} draggable>
        {slides.map((slide, index) => (
          <div key={slide.title}>
            <div
              style={{
                position: 'relative',
                height: LIMITS.carouselHeightPx,
                background: gradients[index % gradients.length],
                color: '#ffffff',
                display: 'flex',
                alignItems: 'center',
              }}
            >
              <Panels />
              <div
                style={{
                  position: 'relative',
                  maxWidth: 1120,
                  margin: '0 auto',
                  padding: '0 32px',
                  width: '100%',
                }}
              >
                <p
                  style={{
                    fontSize: 'clamp(28px, 5vw, 48px)',
                    fontWeight: 800,
                    lineHeight: 1.25,
                    margin: 0,
                    maxWidth: 640,
                  }}
                >
                  {slide.title}
                </p>
                <p style={{ fontSize: 18, lineHeight: 1.8, marginTop: 20, maxWidth: 520 }}>{slide.text}</p>
              </div>
            </div>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
