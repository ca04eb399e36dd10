// The contact feature's public file: the console's section of enquiries, with the keys of its answers.
export { enquiryKeys } from './api/enquiries';
export { default as EnquiriesPage } from './pages/enquiries-page';
