/** How lesson html reads: headings, lists, tables, key facts and images (Tailwind variants). */
export const LESSON_PROSE = [
  "text-[15px] leading-7 text-slate-800",
  "[&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900",
  "[&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:font-semibold",
  "[&_p]:my-3",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_caption]:mb-2 [&_caption]:text-left [&_caption]:font-medium",
  "[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left",
  "[&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1 [&_td]:align-top",
  "[&_img]:mx-auto [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded",
  // Diagrams are drawn dark on light: in the dark theme they keep a light backdrop to be read.
  "dark:[&_img]:bg-white dark:[&_img]:p-2",
  "[&_table]:block [&_table]:overflow-x-auto sm:[&_table]:table",
  "[&_aside]:my-5 [&_aside]:rounded-lg [&_aside]:border-l-4 [&_aside]:border-brand-500 [&_aside]:bg-brand-50 [&_aside]:px-4 [&_aside]:py-2",
  "[&_mark]:rounded [&_mark]:bg-amber-200 [&_mark]:px-0.5 [&_mark]:text-slate-900",
].join(" ");
