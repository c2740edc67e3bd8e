// The one map from a notice's target to its screen lives in shared: the server's mails link there too.
export { type NoticeDestination, noticeDestination } from '@koma/shared/constants';
