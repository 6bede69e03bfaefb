// The trainer page: HTML rendered on the server from the room's state, in the trainer's language,
// with a small script that posts each action as JSON and reloads (decision 034). No part of the
// client bundle: it shares nothing with the client but the simulator's origin.
import { LicenseType, type LicenseTypeCode } from '@gs/contract/flags';
import { trainerPaths, type TrainerState } from '@gs/contract/trainer';
import { TRAINER_STRINGS, type TrainerKey, type TrainerLanguage } from './strings';

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TYPE_KEYS: Record<LicenseTypeCode, TrainerKey> = {
  [LicenseType.Full]: 'Full',
  [LicenseType.WebEdit]: 'WebEdit',
  [LicenseType.ReadOnly]: 'ReadOnly',
};

const STYLE = `body{font:15px/1.4 system-ui,sans-serif;margin:1.5rem auto;max-width:60rem;padding:0 1rem;color:#1b1f24}
section{border:1px solid #d0d7de;border-radius:6px;padding:.5rem 1rem 1rem;margin:1rem 0}
table{border-collapse:collapse}td,th{padding:.25rem .75rem .25rem 0;text-align:left}
input[type=number]{width:6rem}#status{min-height:1.5em;font-weight:600}.note{color:#57606a}`;

/** Posts `[data-post]` buttons' JSON (built by `data-body` from the named inputs), then reloads. */
const SCRIPT = `(()=>{const s=document.getElementById('status');const w=s.dataset.working;
const k='trainer-status';const prev=sessionStorage.getItem(k);if(prev){s.textContent=prev;sessionStorage.removeItem(k);}
const val=(id)=>document.getElementById(id);
const bodies={scenario:()=>({Scenario:val('scenario').value}),reset:()=>({}),
seats:(b)=>({Type:Number(b.dataset.type),Seats:Number(val('seats-'+b.dataset.type).value)}),
release:(b)=>({Id:b.dataset.id}),
faults:()=>({Faults:[...document.querySelectorAll('input[name=fault]:checked')].map((c)=>c.value)}),
clock:()=>({OffsetMs:Math.round(Number(val('offset').value)*60000)})};
for(const b of document.querySelectorAll('button[data-post]'))b.addEventListener('click',async()=>{
s.textContent=w;document.querySelectorAll('button').forEach((x)=>x.disabled=true);
try{const r=await fetch(b.dataset.post,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(bodies[b.dataset.body](b))});
const j=await r.json().catch(()=>({}));if(!r.ok)throw new Error(j.Message||String(r.status));
sessionStorage.setItem(k,j.Ms!==undefined?s.dataset.loaded.replace('{scenario}',j.Scenario).replace('{ms}',String(j.Ms)):'');location.reload();}
catch(e){s.textContent=s.dataset.failed.replace('{message}',e.message);document.querySelectorAll('button').forEach((x)=>x.disabled=false);}});})();`;

export function trainerPage(state: TrainerState, lang: TrainerLanguage): string {
  const t = TRAINER_STRINGS[lang];
  const time = (ms: number): string => escape(new Date(ms).toISOString().replace('T', ' ').slice(0, 19));
  const options = state.Scenarios.map(
    (s) => `<option value="${escape(s)}"${s === state.Scenario ? ' selected' : ''}>${escape(s)}</option>`,
  ).join('');
  const seats = state.Seats.map(
    (s) => `<tr><td>${t[TYPE_KEYS[s.Type]]}</td><td>${s.InUse}</td>
<td><input type="number" min="0" id="seats-${s.Type}" value="${s.Seats}" aria-label="${t.seats} ${t[TYPE_KEYS[s.Type]]}"></td>
<td><button data-post="${trainerPaths.seats}" data-body="seats" data-type="${s.Type}">${t.save}</button></td></tr>`,
  ).join('');
  const licenses = state.Licenses.map(
    (
      l,
    ) => `<tr><td>${escape(l.User)}</td><td>${t[TYPE_KEYS[l.Type]]}</td><td>${l.SignIns}</td><td>${time(l.LastAccess)}</td>
<td><button data-post="${trainerPaths.release}" data-body="release" data-id="${escape(l.Id)}" aria-label="${t.release} ${escape(l.User)}">${t.release}</button></td></tr>`,
  ).join('');
  const faults = state.FaultChoices.map(
    (f) =>
      `<label><input type="checkbox" name="fault" value="${f}"${state.Faults.includes(f) ? ' checked' : ''}> ${t[f]}</label> `,
  ).join('');
  const helper = state.Helper
    ? `<table><tr><th>${t.version}</th><td>${escape(state.Helper.Version)}</td></tr>
<tr><th>http</th><td>${escape(state.Helper.HttpUrl)}</td></tr><tr><th>https</th><td>${escape(state.Helper.HttpsUrl)}</td></tr>
<tr><th>${t.sessions}</th><td>${state.Helper.ScanSessions}</td></tr><tr><th>${t.jobs}</th><td>${state.Helper.ScanJobs}</td></tr></table>`
    : `<p>${t.helperOff}</p>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${t.title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body>
<h1>${t.title}</h1>
<p id="status" role="status" data-working="${escape(t.working)}" data-loaded="${escape(t.loaded)}" data-failed="${escape(t.failed)}"></p>
<section><h2>${t.scenario}</h2>
<p>${t.current}: <strong id="current-scenario">${escape(state.Scenario)}</strong></p>
<label for="scenario">${t.scenario}</label> <select id="scenario">${options}</select>
<button data-post="${trainerPaths.scenario}" data-body="scenario">${t.load}</button>
<button data-post="${trainerPaths.reset}" data-body="reset">${t.reset}</button>
<p class="note">${t.resetNote}</p></section>
<section><h2>${t.seats}</h2><table><tr><th>${t.type}</th><th>${t.inUse}</th><th>${t.seats}</th><th></th></tr>${seats}</table></section>
<section><h2>${t.licenses}</h2>${licenses ? `<table><tr><th>${t.user}</th><th>${t.type}</th><th>${t.signIns}</th><th>${t.lastAccess}</th><th></th></tr>${licenses}</table>` : `<p>${t.none}</p>`}</section>
<section><h2>${t.scanner}</h2>${
    faults
      ? `<p>${faults}</p><p class="note">${t.faultsNote}</p>
<button data-post="${trainerPaths.faults}" data-body="faults">${t.save}</button>`
      : `<p>${t.helperOff}</p>`
  }</section>
<section><h2>${t.clock}</h2><p>${t.now}: ${time(state.Now)}</p>
<label for="offset">${t.offset}</label> <input type="number" step="1" id="offset" value="${Math.round(state.ClockOffsetMs / 60000)}">
<button data-post="${trainerPaths.clock}" data-body="clock">${t.save}</button></section>
<section><h2>${t.helper}</h2>${helper}</section>
<script>${SCRIPT}</script></body></html>`;
}
