/**
 * Every contribution of the studio, one line each: importing a module registers its view and its
 * commands (views/registry.ts, commands/registry.ts). A new view is a module here plus a line below.
 */
import './shell.ts';
import './library.ts';
import './campaign.ts';
import './level.ts';
import './jobs.ts';
import './candidates.ts';
import './rules.ts';
import './editor.ts';
import './reports.ts';
import './replays.ts';
import './blocks-simulation.ts';
import './bake.ts';
