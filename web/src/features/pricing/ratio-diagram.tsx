import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

interface Box {
  x: number;
  width: number;
  label: string;
  note: string;
}

/**
 * The ratio explanation picture of the pricing page (spec 001 "Pricing page"): how a model ratio, the
 * completion ratio and a group ratio make the price a user pays. Drawn as SVG from translated labels, so it
 * reads in the console's language and follows the theme.
 */
export function RatioDiagram() {
  const { t } = useTranslation('pricing');
  const { token } = theme.useToken();
  const boxes: Box[] = [
    { x: 0, width: 170, label: t('diagram.modelRatio'), note: t('diagram.modelRatioNote') },
    { x: 200, width: 170, label: t('diagram.completionRatio'), note: t('diagram.completionRatioNote') },
    { x: 400, width: 170, label: t('diagram.groupRatio'), note: t('diagram.groupRatioNote') },
    { x: 600, width: 200, label: t('diagram.price'), note: t('diagram.priceNote') },
  ];
  const operators = ['×', '×', '='];
  return (
    <svg
      role="img"
      aria-label={t('diagram.title')}
      viewBox="0 0 800 110"
      style={{ width: '100%', maxWidth: 800, display: 'block', marginTop: 12 }}
      data-testid="pricing-ratio-diagram"
    >
      <title>{t('diagram.title')}</title>
      {boxes.map((box, index) => (
        <g key={box.label}>
          <rect
            x={box.x}
            y={10}
            width={box.width}
            height={60}
            rx={8}
            fill={token.colorFillTertiary}
            stroke={token.colorPrimary}
          />
          <text
            x={box.x + box.width / 2}
            y={45}
            textAnchor="middle"
            fontSize={15}
            fontWeight={600}
            fill={token.colorText}
          >
            {box.label}
          </text>
          <text x={box.x + box.width / 2} y={95} textAnchor="middle" fontSize={12} fill={token.colorTextSecondary}>
            {box.note}
          </text>
          {index < operators.length ? (
            <text x={box.x + box.width + 15} y={46} textAnchor="middle" fontSize={20} fill={token.colorText}>
              {operators[index]}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}
