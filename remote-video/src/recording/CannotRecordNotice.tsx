import { useFocusOnMount } from '@assessment/react';
import { useRef } from 'react';
import { NoCameraNotice } from '../camera/NoCameraNotice.tsx';

interface Props {
  companyName: string;
  onContinue(): void;
}

/**
 * The camera works but this browser cannot record it: the same way on as without a camera. It
 * appears in answer to Record or Record Now and is then the only way forward, so focus moves to it
 * and a screen reader reads its heading at once.
 */
export function CannotRecordNotice({ companyName, onContinue }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <NoCameraNotice
      companyName={companyName}
      onContinue={onContinue}
      title="Recording could not start"
      headingRef={heading}
    />
  );
}
