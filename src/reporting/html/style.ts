/** The report's only style sheet: inline, no fonts or images from anywhere. */
export const PAGE_STYLE = [
  'body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem auto;max-width:72rem;color:#1f2328;padding:0 1rem}',
  'h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1rem 0 .4rem}',
  '.run{margin:0;color:#57606a}',
  '.badge{color:#fff;border-radius:1em;padding:0 .6em;font-size:12px;white-space:nowrap}',
  '.rel,.how{color:#57606a;font-size:12px;margin-left:.4em}',
  '.id{font-weight:600}',
  'ul{list-style:none;padding-left:1.2rem;margin:0}',
  '.problems li{margin:.2rem 0}',
  '.tree summary{cursor:pointer}',
  'details>table{margin:.25rem 0 .75rem 1.2rem}',
  'table{border-collapse:collapse}th{text-align:left;padding-right:1rem;vertical-align:top;color:#57606a;font-weight:500}',
  'pre{background:#f6f8fa;padding:.5rem;max-height:20rem;overflow:auto;white-space:pre-wrap;margin:.25rem 0}',
  'label[for=failed-only]{margin-left:.3em;cursor:pointer}',
  '#failed-only:checked~main li.clean{display:none}',
].join('\n');
