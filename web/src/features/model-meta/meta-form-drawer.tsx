import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidatedFormDrawer } from '../../components/form-drawer';

interface MetaFormDrawerProps<Values> {
  editor: { open: boolean; onClose: () => void; form: FormInstance<Values> };
  save: { isPending: boolean; mutate: (values: Values) => void };
  title: string;
  size: number;
  submitTestId: string;
  children: ReactNode;
}

/** The drawer of a model, vendor or prefill group: Cancel and Save, the fields validated before saving. */
export function MetaFormDrawer<Values>({
  editor,
  save,
  title,
  size,
  submitTestId,
  children,
}: MetaFormDrawerProps<Values>) {
  const { t } = useTranslation('model-meta');
  return (
    <ValidatedFormDrawer
      {...editor}
      title={title}
      size={size}
      cancelText={t('actions.cancel')}
      submitText={t('actions.save')}
      submitting={save.isPending}
      onValid={(values) => save.mutate(values)}
      submitTestId={submitTestId}
    >
      {children}
    </ValidatedFormDrawer>
  );
}
