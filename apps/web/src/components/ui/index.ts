import './tokens.css';
import './ui.css';

export { Alert, type AlertTone } from './alert';
export { Button, buttonClass } from './button';
export { Card } from './card';
export { ChunkStyles } from './chunk-styles';
export { Checkbox } from './checkbox';
export { Icon, type IconName } from './icon';
export { PasswordField } from './password-field';
export { PhoneField } from './phone-field';
export { Spinner } from './spinner';
export { FieldFrame, TextAreaField, TextField, describedBy } from './text-field';
