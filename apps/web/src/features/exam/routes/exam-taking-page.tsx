import { useEffect } from 'react';
import { Spin } from 'antd';
import { useParams } from 'react-router';

const reloadKey = 'lms.exam_page_reload_at';

/**
 * /ujian/{id}/soal inside the app (a click on "Kerjakan"): the exam page is its own entry (exam.html,
 * served by the server and the service worker for this path), so it is loaded with a full page load.
 * A reload that lands here again within 10 s (an older service worker still serving index.html) waits
 * 3 s for the new worker before trying once more.
 */
export function ExamTakingPage() {
  const { id = '' } = useParams();
  useEffect(() => {
    const last = Number(sessionStorage.getItem(reloadKey)) || 0;
    const delay = Date.now() - last < 10_000 ? 3_000 : 0;
    const timer = setTimeout(() => {
      sessionStorage.setItem(reloadKey, String(Date.now()));
      window.location.replace(`/ujian/${encodeURIComponent(id)}/soal`);
    }, delay);
    return () => clearTimeout(timer);
  }, [id]);
  return <Spin />;
}
