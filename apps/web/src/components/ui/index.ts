import './tokens.css';
import './ui.css';

export { Alert, type AlertTone } from './Alert';
export { Button, buttonClass } from './Button';
export { Card } from './Card';
export { ChunkStyles } from './ChunkStyles';
export { Checkbox } from './Checkbox';
export { Icon, type IconName } from './Icon';
export { PasswordField } from './PasswordField';
export { PhoneField } from './PhoneField';
export { Spinner } from './Spinner';
export { FieldFrame, TextAreaField, TextField, describedBy } from './TextField';
