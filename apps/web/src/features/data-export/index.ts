// The data download's public file: its card, for the profile page.
export { DataExportCard } from './components/data-export-card';
