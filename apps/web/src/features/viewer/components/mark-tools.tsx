import {
  ArrowRightOutlined,
  BorderOutlined,
  DragOutlined,
  EditOutlined,
  FontSizeOutlined,
} from '@ant-design/icons';
import { MARK_COLORS, type MarkColor, MarkShapeType } from '@koma/shared';
import { Flex, Radio } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkTool } from '../lib/mark-geometry';

const TOOLS: { tool: MarkTool | 'look'; icon: ReactNode }[] = [
  { tool: 'look', icon: <DragOutlined /> },
  { tool: MarkShapeType.PEN, icon: <EditOutlined /> },
  { tool: MarkShapeType.RECT, icon: <BorderOutlined /> },
  // antd has no outlined circle: the character draws it.
  { tool: MarkShapeType.ELLIPSE, icon: <span aria-hidden="true">◯</span> },
  { tool: MarkShapeType.ARROW, icon: <ArrowRightOutlined /> },
  { tool: MarkShapeType.TEXT, icon: <FontSizeOutlined /> },
];

interface MarkToolsProps {
  tool: MarkTool | null;
  onTool: (tool: MarkTool | null) => void;
  color: MarkColor;
  onColor: (color: MarkColor) => void;
}

/** The reviewer's pens: the shape to draw (or none, to pan the page) and its colour. */
export function MarkTools({ tool, onTool, color, onColor }: MarkToolsProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        aria-label={t('marks.tools')}
        optionType="button"
        size="small"
        value={tool ?? 'look'}
        onChange={(e) => onTool(e.target.value === 'look' ? null : (e.target.value as MarkTool))}
      >
        {TOOLS.map(({ tool: value, icon }) => (
          <Radio.Button
            key={value}
            value={value}
            aria-label={t(`marks.tool.${value}`)}
            title={t(`marks.tool.${value}`)}
          >
            {icon}
          </Radio.Button>
        ))}
      </Radio.Group>
      <Radio.Group
        aria-label={t('marks.color')}
        optionType="button"
        size="small"
        value={color}
        onChange={(e) => onColor(e.target.value as MarkColor)}
      >
        {(Object.keys(MARK_COLORS) as MarkColor[]).map((name) => (
          <Radio.Button
            key={name}
            value={name}
            aria-label={t(`marks.colors.${name}`)}
            title={t(`marks.colors.${name}`)}
          >
            <span className="koma-mark-swatch" style={{ background: MARK_COLORS[name] }} />
          </Radio.Button>
        ))}
      </Radio.Group>
    </Flex>
  );
}
