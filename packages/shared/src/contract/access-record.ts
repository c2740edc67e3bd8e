import {
  accessRecordCsvData,
  accessRecordFilter,
  accessRecordsBody,
  accessRecordsData,
  saveWatermarkBody,
  watermarkCodeBody,
  watermarkCodeData,
  watermarkSettingData,
} from '../schemas/access-record.js';
import { projectIdBody } from '../schemas/projects.js';
import { endpoints } from './endpoint.js';
import { routes } from './routes.js';
import { Who } from './who.js';

/**
 * A project's watermark setting and its access record (docs/renditions.md "Watermarks",
 * docs/access.md "The access record"): the record is the founder's and the editorial seats'.
 */
export const accessRecord = endpoints(routes.accessRecord, {
  watermark: {
    input: projectIdBody,
    reply: watermarkSettingData,
    who: Who.MEMBER,
    summary: "The project's watermark setting, and whether the caller may change it",
  },
  saveWatermark: {
    input: saveWatermarkBody,
    reply: watermarkSettingData,
    who: Who.FOUNDER_OR_EDITOR,
    summary: 'Set who sees pictures watermarked (founder, editor in charge) and what originals do (founder)',
  },
  list: {
    input: accessRecordsBody,
    reply: accessRecordsData,
    who: Who.EDITORIAL,
    summary: 'The access record of the project: looks and downloads, newest first, filtered and paged',
  },
  csv: {
    input: accessRecordFilter,
    reply: accessRecordCsvData,
    who: Who.EDITORIAL,
    summary: 'The access record as CSV, with the same filters',
  },
  code: {
    input: watermarkCodeBody,
    reply: watermarkCodeData,
    who: Who.EDITORIAL,
    summary: 'Whom a watermark code read off a picture was served to, and what',
  },
});
