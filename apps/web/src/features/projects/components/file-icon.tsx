import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type FileKind, fileKind } from '../lib/file-kind';

const ICONS: Record<FileKind, typeof FileOutlined> = {
  image: FileImageOutlined,
  zip: FileZipOutlined,
  word: FileWordOutlined,
  pdf: FilePdfOutlined,
  excel: FileExcelOutlined,
  text: FileTextOutlined,
  other: FileOutlined,
};

const COLOURS: Record<FileKind, string> = {
  image: '#389e0d',
  zip: '#ad6800',
  word: '#1d39c4',
  pdf: '#cf1322',
  excel: '#237804',
  text: '#595959',
  other: '#595959',
};

/** The icon of a file by extension, named for assistive tech. */
export function FileIcon({ ext, filename }: { ext: string; filename: string }) {
  const { t } = useTranslation();
  const kind = fileKind(ext, filename);
  const Icon = ICONS[kind];
  return <Icon aria-label={t(`project.files.ext.${kind}`)} style={{ fontSize: 22, color: COLOURS[kind] }} />;
}
