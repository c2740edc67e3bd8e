import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, LightButton } from '../../../components/light/light-controls';
import { loginEmailError, loginPasswordError } from '../lib/rules';

export interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  pending: boolean;
  onSubmit: (values: LoginValues) => void;
}

type Field = keyof LoginValues;

/**
 * E-mail, password with show/hide and the login button; Enter submits. Plain markup (no antd):
 * /login is a first-load screen. Like antd's form, a field is checked as it changes and every
 * field on submit; errors show under the fields.
 */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [checked, setChecked] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [showPassword, setShowPassword] = useState(false);

  const errors: Record<Field, string | null> = {
    email: checked.email ? loginEmailError(t, values.email) : null,
    password: checked.password ? loginPasswordError(t, values.password) : null,
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setChecked((c) => ({ ...c, [field]: true }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setChecked({ email: true, password: true });
    if (loginEmailError(t, values.email) || loginPasswordError(t, values.password)) return;
    onSubmit(values);
  };

  return (
    <form name="login" onSubmit={submit}>
      <div>
        <label htmlFor="login_email" className="koma-field-label">
          {t('fields.email')}
        </label>
        <input
          id="login_email"
          className="koma-input"
          type="email"
          autoComplete="username"
          inputMode="email"
          // biome-ignore lint/a11y/noAutofocus: the login screen's one task is this form (as before)
          autoFocus
          value={values.email}
          onChange={change('email')}
          aria-required="true"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login_email_help' : undefined}
        />
        <div id="login_email_help" className="koma-field-explain">
          {errors.email ? <div role="alert">{errors.email}</div> : null}
        </div>
      </div>
      <div>
        <label htmlFor="login_password" className="koma-field-label">
          {t('fields.password')}
        </label>
        <span className="koma-input koma-input-affix">
          <input
            id="login_password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login_password_help' : undefined}
          />
          <button
            type="button"
            className="koma-input-toggle"
            aria-pressed={showPassword}
            aria-label={showPassword ? t('common.hide') : t('common.show')}
            // Keeps the focus (and the caret) in the password field.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setShowPassword((v) => !v)}
          >
            <EyeIcon open={showPassword} />
          </button>
        </span>
        <div id="login_password_help" className="koma-field-explain">
          {errors.password ? <div role="alert">{errors.password}</div> : null}
        </div>
      </div>
      <LightButton type="submit" variant="primary" block loading={pending}>
        {t('auth.login.submit')}
      </LightButton>
    </form>
  );
}
