import { Button, type ButtonProps } from 'antd';

interface MutationButtonProps extends Omit<ButtonProps, 'loading' | 'onClick'> {
  /** run without variables on a click; the button spins while it runs */
  mutation: { mutate: (variables: undefined) => void; isPending: boolean };
}

/** A button that starts a save or a check and spins until it is done. */
export function MutationButton({ mutation, ...button }: MutationButtonProps) {
  return <Button {...button} loading={mutation.isPending} onClick={() => mutation.mutate(undefined)} />;
}
