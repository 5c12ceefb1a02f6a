import { useId, useRef, useState, type FormEvent } from 'react';
import type { LoginErrors, LoginField, LoginValues } from './login-form-rules.ts';
import { LoginIcon, type LoginIconName } from './login-icons.tsx';

/**
 * Username and password with Indonesian validation, the Masuk button and the server's error, in plain
 * elements styled like the app's antd form (login-page.css): the sign-in page has no antd.
 */
export function LoginForm({
  values,
  errors,
  loading,
  error,
  onChange,
  onSubmit,
}: {
  values: LoginValues;
  errors: LoginErrors;
  loading: boolean;
  error: string | null;
  onChange: (field: LoginField, value: string) => void;
  /** Answers the first field that is not valid, to be focused, or null when the form was sent. */
  onSubmit: () => LoginField | null;
}) {
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const [passwordShown, setPasswordShown] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = onSubmit();
    if (invalid) inputs.current[invalid]?.focus();
  };
  const field = (name: LoginField, label: string, icon: LoginIconName, input: Record<string, string>) => (
    <LoginInput
      name={name}
      label={label}
      icon={icon}
      value={values[name]}
      error={errors[name]}
      inputRef={(element) => {
        inputs.current[name] = element;
      }}
      onChange={(value) => onChange(name, value)}
      input={input}
      suffix={
        name === 'password' ? (
          <button
            type="button"
            className="lf-suffix-button"
            aria-label={passwordShown ? 'Sembunyikan kata sandi' : 'Tampilkan kata sandi'}
            aria-pressed={passwordShown}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            <LoginIcon name={passwordShown ? 'eye' : 'eyeInvisible'} />
          </button>
        ) : null
      }
    />
  );
  return (
    <form className="lf" noValidate onSubmit={submit}>
      {/* A disabled fieldset disables every control while the sign-in is on its way, as antd's Form did. */}
      <fieldset className="lf-fieldset" disabled={loading}>
        {error ? (
          <div role="alert" className="lf-alert">
            <LoginIcon name="closeCircle" className="lf-alert-icon" />
            <div>{error}</div>
          </div>
        ) : null}
        {field('username', 'Username', 'user', {
          type: 'text',
          autoComplete: 'username',
          placeholder: 'NIM, NIDN atau username',
        })}
        {field('password', 'Password', 'lock', {
          type: passwordShown ? 'text' : 'password',
          autoComplete: 'current-password',
          placeholder: 'Password',
        })}
        <button type="submit" className={`lf-submit${loading ? ' lf-submit-loading' : ''}`}>
          {loading ? <LoginIcon name="loading" className="lf-spin" /> : null}
          <span>Masuk</span>
        </button>
      </fieldset>
    </form>
  );
}

/** One labelled input of the sign-in pages' forms, its message under it. */
export function LoginInput({
  name,
  label,
  icon,
  value,
  error,
  inputRef,
  onChange,
  input,
  suffix,
}: {
  name: string;
  label: string;
  icon: LoginIconName;
  value: string;
  error: string | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  input: Record<string, string>;
  suffix: React.ReactNode;
}) {
  const errorId = `${useId()}-error`;
  return (
    <div className={`lf-item${error ? ' lf-item-error' : ''}`}>
      <label className="lf-label" htmlFor={name}>
        {label}
      </label>
      <span className="lf-affix">
        <LoginIcon name={icon} className="lf-prefix" />
        <input
          {...input}
          ref={inputRef}
          id={name}
          name={name}
          className="lf-input"
          value={value}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {suffix}
      </span>
      {error ? (
        <div id={errorId} role="alert" className="lf-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
